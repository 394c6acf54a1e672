#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer D { float d[]; };
float sq(float x) { return x * x; }
float poly(float x, int n) {
    float r = 0.0;
    for (int i = 0; i < n; ++i) r = r * x + float(i);
    return r;
}
void store_twice(uint i, float v) { d[i] = v; d[i] += v; }
void main() {
    uint i = gl_GlobalInvocationID.x;
    store_twice(i, sq(d[i]) + poly(d[i], 4));
}
