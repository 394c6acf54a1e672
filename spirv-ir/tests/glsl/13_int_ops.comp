#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer D { uint u[]; };
layout(set = 0, binding = 1) buffer E { int s[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint a = u[i];
    int b = s[i];
    uint hi, lo;
    umulExtended(a, 0x9e3779b9u, hi, lo);
    uint carry;
    uint sum = uaddCarry(a, hi, carry);
    uint borrow;
    uint diff = usubBorrow(lo, a, borrow);
    int shi, slo;
    imulExtended(b, -7, shi, slo);
    u[i] = sum ^ diff ^ carry ^ borrow ^ bitCount(a) ^ bitfieldReverse(a) ^ (a << 3) ^ (a >> 2) ^ uint(findMSB(a));
    s[i] = (b >> 1) + b / 3 + b % 5 + shi + slo + abs(b) + min(b, 4) + max(b, -4) + (b & 7) + (~b | 1);
}
