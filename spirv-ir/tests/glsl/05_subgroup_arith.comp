#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer D { float d[]; };
layout(set = 0, binding = 1) buffer S { uint s[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = d[i];
    float sum = subgroupAdd(v);
    float mx = subgroupMax(v);
    float pre = subgroupInclusiveAdd(v);
    uvec4 b = subgroupBallot(v > 0.0);
    if (subgroupElect()) s[gl_WorkGroupID.x * 8u + gl_SubgroupID] = subgroupBallotBitCount(b);
    d[i] = sum + mx + pre + subgroupBroadcastFirst(v);
}
