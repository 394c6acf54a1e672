#version 450
// out[i] = float(h[i]) * float(q[i]) for i < n: f16 and i8 storage buffers (16- and 8-bit
// storage) with f16 and i8 arithmetic, so the device must have those features enabled.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer H { float16_t h[]; };
layout(set = 0, binding = 1) readonly buffer Q { int8_t q[]; };
layout(set = 0, binding = 2) writeonly buffer Out { float result[]; };
layout(push_constant) uniform Push { uint n; } push;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < push.n) {
        float16_t twice = h[i] + h[i];
        int8_t q_plus_one = q[i] + int8_t(1);
        result[i] = float(twice) * float(q_plus_one - int8_t(1)) * 0.5;
    }
}
