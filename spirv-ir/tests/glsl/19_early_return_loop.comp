#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer D { uint d[]; };
uint collatz(uint n) {
    uint steps = 0u;
    while (n != 1u) {
        if (steps > 500u) return 0xffffffffu;
        n = (n % 2u == 0u) ? n / 2u : 3u * n + 1u;
        steps++;
    }
    return steps;
}
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (d[i] == 0u) { d[i] = 0u; return; }
    d[i] = collatz(d[i]);
}
