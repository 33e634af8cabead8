__device__ float scaled(float x) { return 2.0f * x; }
