#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer D { float f[]; };
layout(set = 0, binding = 1) buffer I { int s[]; };
layout(set = 0, binding = 2) buffer U { uint u[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float x = f[i];
    int a = int(x);
    uint b = uint(abs(x));
    float c = float(a) + float(b);
    uint bits = floatBitsToUint(x);
    float back = uintBitsToFloat(bits ^ 0x80000000u);
    bool nan = isnan(x);
    bool inf = isinf(x);
    f[i] = (nan || inf) ? 0.0 : c + back;
    s[i] = a + int(b) + floatBitsToInt(x);
    u[i] = bits + uint(nan) + uint(a);
}
