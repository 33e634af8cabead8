__global__ void v() {}
