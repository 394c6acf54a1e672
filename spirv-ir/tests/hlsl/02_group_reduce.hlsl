// A workgroup sum through groupshared memory and barriers, then one atomic per group.
RWByteAddressBuffer data : register(u0);
RWByteAddressBuffer total : register(u1);
groupshared uint partial[128];

[numthreads(128, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    partial[gi] = data.Load(id.x * 4);
    GroupMemoryBarrierWithGroupSync();
    for (uint s = 64; s > 0; s >>= 1) {
        if (gi < s) {
            partial[gi] += partial[gi + s];
        }
        GroupMemoryBarrierWithGroupSync();
    }
    if (gi == 0) {
        uint old;
        total.InterlockedAdd(0, partial[0], old);
    }
}
