#version 450
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer D { float d[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = d[i];
    switch (i % 5u) {
        case 0u: v *= 2.0; break;
        case 1u: v += 1.0;
        case 2u: v -= 3.0; break;
        case 4u: { if (v > 0.0) { v = sqrt(v); break; } v = -v; break; }
        default: v = 0.5;
    }
    d[i] = v;
}
