__global__ void k_b() {}
