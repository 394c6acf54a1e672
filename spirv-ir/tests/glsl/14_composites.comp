#version 450
layout(local_size_x = 64) in;
struct Pair { vec2 p; ivec2 q; };
layout(set = 0, binding = 0) buffer D { Pair pairs[]; };
layout(set = 0, binding = 1) buffer V { vec4 v[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    Pair pr = pairs[i];
    vec4 a = v[i];
    vec4 b = a.wzyx;
    vec3 c = vec3(pr.p, float(pr.q.x));
    float arr[4] = float[4](a.x, a.y, b.z, c.y);
    uint k = i & 3u;
    a[k] = arr[k] + a[(k + 1u) & 3u];
    mat2 m = mat2(pr.p, b.xy);
    pr.p = m * pr.p;
    pr.q = ivec2(pr.q.y, pr.q.x) * 2;
    pairs[i] = pr;
    v[i] = a + vec4(c, 1.0) * 0.5;
}
