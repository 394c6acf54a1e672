#version 450
// y[i + shift] = x[i] for i < n: with n or shift past the binding, a store outside the buffer
// (the bounds-checking mode must catch it).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer X { float x[]; };
layout(set = 0, binding = 1) writeonly buffer Y { float y[]; };
layout(push_constant) uniform Push { uint n; uint shift; } push;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < push.n) {
        y[i + push.shift] = x[i];
    }
}
