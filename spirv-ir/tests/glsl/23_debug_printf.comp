#version 450
#extension GL_EXT_debug_printf : require
// debugPrintfEXT: NonSemantic.DebugPrintf with an OpString format, inside a selection.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { float data[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = data[i] * 2.0;
    if (i == 0u) debugPrintfEXT("value %f at %u\n", v, i);
    data[i] = v;
}
