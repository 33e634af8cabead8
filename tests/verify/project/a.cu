__global__ void a(float* p) { p[threadIdx.x] *= 2.0f; }
