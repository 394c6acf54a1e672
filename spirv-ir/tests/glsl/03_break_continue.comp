#version 450
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer D { int d[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    int acc = 0;
    for (int k = 0; k < 100; ++k) {
        if (k % 3 == 0) continue;
        if (acc > 1000) break;
        acc += k * int(i);
    }
    int j = 0;
    while (true) {
        j += 2;
        if (j >= acc % 17) break;
    }
    do { acc -= 1; } while (acc > 50);
    d[i] = acc + j;
}
