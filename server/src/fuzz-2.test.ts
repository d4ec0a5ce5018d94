import { fuzzShard } from './test/fuzz-suite';

// Bad input on every registered route, and business refusals: shard 2 of FUZZ_SHARDS (test/fuzz-suite.ts).
await fuzzShard(1);
