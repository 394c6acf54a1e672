#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };
layout(push_constant) uniform P { uint n; } pc;
shared float ta[16][17];
shared float tb[16][17];
void main() {
    uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
    uint row = gl_GlobalInvocationID.y, col = gl_GlobalInvocationID.x;
    float acc = 0.0;
    for (uint t = 0; t < pc.n; t += 16) {
        ta[ty][tx] = (row < pc.n && t + tx < pc.n) ? a[row * pc.n + t + tx] : 0.0;
        tb[ty][tx] = (col < pc.n && t + ty < pc.n) ? b[(t + ty) * pc.n + col] : 0.0;
        barrier();
        for (uint k = 0; k < 16; ++k) acc += ta[ty][k] * tb[k][tx];
        barrier();
    }
    if (row < pc.n && col < pc.n) c[row * pc.n + col] = acc;
}
