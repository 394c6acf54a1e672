#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) coherent buffer D { uint d[]; };
shared uint s[64];
void main() {
    uint t = gl_LocalInvocationID.x;
    s[t] = d[gl_GlobalInvocationID.x];
    memoryBarrierShared();
    groupMemoryBarrier();
    barrier();
    uint v = s[63u - t];
    memoryBarrierBuffer();
    memoryBarrier();
    d[gl_GlobalInvocationID.x] = v;
}
