__global__ void k90(int* p) { *p = 2; }
