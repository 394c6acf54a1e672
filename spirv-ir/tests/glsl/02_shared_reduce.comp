#version 450
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { float x[]; };
layout(set = 0, binding = 1) buffer Out { float y[]; };
shared float partial[128];
void main() {
    uint t = gl_LocalInvocationID.x;
    partial[t] = x[gl_GlobalInvocationID.x];
    barrier();
    for (uint s = 64; s > 0; s >>= 1) {
        if (t < s) partial[t] += partial[t + s];
        barrier();
    }
    if (t == 0) y[gl_WorkGroupID.x] = partial[0];
}
