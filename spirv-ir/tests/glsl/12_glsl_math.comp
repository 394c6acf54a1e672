#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer D { vec4 d[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 x = d[i];
    vec4 y = exp(x) + log(abs(x) + 1.0) + sqrt(abs(x)) + inversesqrt(abs(x) + 1.0);
    y += tanh(x) + sin(x) * cos(x) + pow(abs(x), vec4(1.5)) + exp2(x) + log2(abs(x) + 2.0);
    y += floor(x) + ceil(x) + fract(x) + round(x) + trunc(x) + sign(x);
    y += clamp(x, -1.0, 1.0) + mix(x, y, 0.25) + step(0.5, x) + smoothstep(0.0, 1.0, x);
    y += fma(x, x, y) + min(x, y) + max(x, y) + atan(x, y + 2.0) + asin(clamp(x, -1.0, 1.0));
    y.x += length(x) + distance(x, y) + dot(x, y);
    y.xyz += cross(x.xyz, y.xyz) + normalize(x.xyz + 3.0);
    d[i] = y;
}
