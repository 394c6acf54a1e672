#version 450
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_vote : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer D { float d[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = d[i];
    float x = subgroupShuffleXor(v, 1u) + subgroupShuffle(v, 0u);
    x += subgroupShuffleDown(v, 2u) + subgroupShuffleUp(v, 1u);
    if (subgroupAll(x > -1e30) && subgroupAny(x > 0.0)) x *= 0.5;
    d[i] = x;
}
