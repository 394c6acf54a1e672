#version 450
// y[i] = x[i] * scale + shift for i < n, with mixed-type push constants.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer X { float x[]; };
layout(set = 0, binding = 1) writeonly buffer Y { float y[]; };
layout(push_constant) uniform Push { float scale; float shift; uint n; int offset; } push;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < push.n) {
        y[i] = x[i] * push.scale + push.shift + float(push.offset);
    }
}
