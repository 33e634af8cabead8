int vendored();
int main() { return vendored(); }
