#version 450
layout(local_size_x_id = 0, local_size_y = 1, local_size_z = 1) in;
layout(constant_id = 1) const int REPEAT = 2;
layout(set = 0, binding = 0) buffer D { float d[]; };
layout(set = 0, binding = 1) buffer S { uvec4 sizes[]; };
shared float tile[256];
void main() {
    uint t = gl_LocalInvocationID.x;
    uvec3 ws = gl_WorkGroupSize;
    tile[t] = d[gl_GlobalInvocationID.x];
    barrier();
    float acc = 0.0;
    for (int r = 0; r < REPEAT; ++r) acc += tile[(t + uint(r)) % ws.x];
    d[gl_GlobalInvocationID.x] = acc;
    if (t == 0u) sizes[gl_WorkGroupID.x] = uvec4(ws, 0u);
}
