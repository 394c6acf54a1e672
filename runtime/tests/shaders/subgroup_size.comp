#version 450
// Writes gl_SubgroupSize and the subgroup sum of the invocation indices of subgroup 0, to check
// a required subgroup size and subgroup arithmetic.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) writeonly buffer Out { uint result[]; };
void main() {
    uint sum = subgroupAdd(gl_SubgroupInvocationID);
    if (gl_LocalInvocationIndex == 0) {
        result[0] = gl_SubgroupSize;
        result[1] = sum;
    }
}
