__global__ void k(int* out) { *out = 1; }
