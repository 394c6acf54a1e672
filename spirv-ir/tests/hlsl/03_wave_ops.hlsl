// Wave intrinsics (subgroup operations) and a switch.
RWStructuredBuffer<uint> buf : register(u0);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint v = buf[id.x];
    uint r;
    switch (v & 3) {
    case 0: r = WaveActiveSum(v); break;
    case 1: r = WaveActiveMax(v); break;
    case 2: r = WaveReadLaneFirst(v); break;
    default: r = WavePrefixSum(v); break;
    }
    buf[id.x] = r + WaveGetLaneIndex();
}
