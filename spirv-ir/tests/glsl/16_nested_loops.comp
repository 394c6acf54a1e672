#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };
layout(push_constant) uniform P { uint M; uint N; uint K; } pc;
void main() {
    uint row = gl_GlobalInvocationID.y, col = gl_GlobalInvocationID.x;
    if (row >= pc.M || col >= pc.N) return;
    float acc = 0.0;
    for (uint k = 0; k < pc.K; k += 4) {
        for (uint kk = k; kk < min(k + 4, pc.K); ++kk) {
            acc += a[row * pc.K + kk] * b[kk * pc.N + col];
        }
    }
    c[row * pc.N + col] = acc;
}
