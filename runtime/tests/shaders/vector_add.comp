#version 450
// c[i] = a[i] + b[i] for i < n. The workgroup grid may be two-dimensional (x * y workgroups of
// 64) so that more than maxComputeWorkGroupCount[0] workgroups can be launched.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };
layout(push_constant) uniform Push { uint n; } push;
void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint i = group * 64 + gl_LocalInvocationID.x;
    if (i < push.n) {
        c[i] = a[i] + b[i];
    }
}
