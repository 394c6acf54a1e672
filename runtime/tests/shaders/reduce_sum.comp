#version 450
// partial[g] = sum of x[g*256 .. g*256+256) (elements >= n count as 0): a tree reduction in
// workgroup-shared memory with a barrier between levels.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer X { float x[]; };
layout(set = 0, binding = 1) writeonly buffer Partial { float partial[]; };
layout(push_constant) uniform Push { uint n; } push;
shared float scratch[256];
void main() {
    uint local = gl_LocalInvocationID.x;
    uint i = gl_WorkGroupID.x * 256 + local;
    scratch[local] = i < push.n ? x[i] : 0.0;
    barrier();
    for (uint stride = 128; stride > 0; stride >>= 1) {
        if (local < stride) {
            scratch[local] += scratch[local + stride];
        }
        barrier();
    }
    if (local == 0) {
        partial[gl_WorkGroupID.x] = scratch[0];
    }
}
