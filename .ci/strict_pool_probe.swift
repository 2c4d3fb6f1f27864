// Run by `.ci/run strictpool` with .ci/strict_pool.c preloaded: checks that the shim still keeps
// Dispatch's pool from growing, so that the step's test run proves something.
//
// It blocks one worker per core for 2.5 s, then queues one more job. Dispatch's monitor would
// add a thread for it after about a second; with the shim the job waits for a blocked worker.
import Foundation

let workers = ProcessInfo.processInfo.activeProcessorCount
let start = DispatchTime.now()
for _ in 0..<workers {
  DispatchQueue.global().async { usleep(2_500_000) }
}
usleep(100_000)
let ran = DispatchSemaphore(value: 0)
DispatchQueue.global().async { ran.signal() }
ran.wait()
let waited = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
if waited < 2.4 {
  print("the pool grew: a job queued behind \(workers) blocked workers ran after \(waited) s")
  exit(1)
}
