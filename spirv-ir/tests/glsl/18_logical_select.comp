#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer D { float d[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float x = d[i];
    bool a = x > 0.0, b = x < 10.0, c = (i & 1u) == 0u;
    bool e = (a && b) || (!c && a != b);
    bvec2 bv = bvec2(a, c);
    float r = e ? x : -x;
    r = any(bv) ? r + 1.0 : r;
    r = all(bv) ? r * 2.0 : r;
    r = mix(r, 0.0, bvec4(x != x).x);
    d[i] = r;
}
