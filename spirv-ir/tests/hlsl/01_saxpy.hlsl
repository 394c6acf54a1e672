// y = a * x + y over a structured buffer, with a constant buffer.
cbuffer Params : register(b0) { float a; uint n; };
StructuredBuffer<float> x : register(t1);
RWStructuredBuffer<float> y : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x < n) {
        y[id.x] = a * x[id.x] + y[id.x];
    }
}
