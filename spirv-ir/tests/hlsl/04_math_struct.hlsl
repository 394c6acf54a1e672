// A struct buffer, intrinsics (GLSL.std.450 after lowering), a function call and a loop.
struct Particle { float3 pos; float mass; };
RWStructuredBuffer<Particle> particles : register(u0);

float3 attract(float3 p, float3 c, float m) {
    float3 d = c - p;
    float r = max(length(d), 0.01);
    return normalize(d) * m / (r * r);
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Particle q = particles[id.x];
    float3 acc = float3(0, 0, 0);
    [loop] for (int i = 0; i < 8; ++i) {
        acc += attract(q.pos, float3(i, sin(i), cos(i)), q.mass);
    }
    q.pos += clamp(acc, -1.0, 1.0) * rsqrt(q.mass + 1.0);
    particles[id.x] = q;
}
