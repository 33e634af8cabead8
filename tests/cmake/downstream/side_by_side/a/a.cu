__global__ void k_a() {}
