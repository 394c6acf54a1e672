#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Counts { uint hist[16]; uint total; int mn; };
layout(set = 0, binding = 1) readonly buffer In { uint v[]; };
shared uint local_hist[16];
void main() {
    uint t = gl_LocalInvocationID.x;
    if (t < 16u) local_hist[t] = 0u;
    barrier();
    uint x = v[gl_GlobalInvocationID.x];
    atomicAdd(local_hist[x & 15u], 1u);
    atomicMin(mn, int(x));
    uint old = atomicExchange(total, 0u);
    atomicCompSwap(total, 0u, old + 1u);
    barrier();
    if (t < 16u) atomicAdd(hist[t], local_hist[t]);
    atomicOr(total, 0u);
}
