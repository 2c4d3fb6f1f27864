// Run by `.ci/run strictpool` with .ci/strict_pool.c preloaded: checks that the shim still keeps
// Dispatch's pool from growing, so that the step's test run proves something.
//
// It hands the pool jobs that block their thread, one at a time, until one of them does not
// start. Dispatch's monitor would add a thread about a second after the last one blocked, so
// every job would start; with the shim the pool stops where it is, whatever width it began with.
import Foundation

let started = DispatchSemaphore(value: 0)
let limit = 16
for running in 0..<limit {
  DispatchQueue.global().async {
    started.signal()
    sleep(60)
  }
  if started.wait(timeout: .now() + 2.5) == .timedOut {
    print("the pool stopped growing at \(running) blocked threads")
    exit(0)
  }
}
print("the pool grew to \(limit) blocked threads, one about every second")
exit(1)
