int k() { return 0; }
