#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer H { float16_t h[]; };
layout(set = 0, binding = 1) buffer F { float f[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float16_t a = h[i];
    float16_t b = a * float16_t(2.0) + float16_t(0.5);
    h[i] = max(b, float16_t(0.0));
    f[i] = float(b);
}
