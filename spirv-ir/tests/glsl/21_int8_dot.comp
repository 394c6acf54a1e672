#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int32 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer A { i8vec4 a[]; };
layout(set = 0, binding = 1) buffer R { int r[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    i8vec4 x = a[i];
    ivec4 w = ivec4(x);
    r[i] = w.x * 3 + w.y * -2 + w.z + w.w;
    a[i] = x + int8_t(1);
}
