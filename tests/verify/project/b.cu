__global__ void b(int* p) { p[threadIdx.x] += 1; }
