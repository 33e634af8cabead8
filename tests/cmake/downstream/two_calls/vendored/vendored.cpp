int vendored() { return 0; }
