import Testing
import TestSupport
@testable import TableRender

@Suite("Fingerprints written in hexadecimal")
struct FingerprintHexTests {
    @Test("written as String(_:radix: 16) writes them: lowercase, no leading zeros, zero as 0")
    func sameAsTheStandardLibrary() {
        var values: [UInt64] = [0, 1, 9, 10, 15, 16, 255, 256, 0xFFF, 0x1000, 1 << 63, UInt64.max, UInt64.max >> 4, 0xABCDEF]
        for shift in 0..<64 { values += [1 << UInt64(shift), (1 << UInt64(shift)) - 1] }
        var random = SeededGenerator(seed: 21)
        for _ in 0..<2_000 { values.append(UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random)) }
        for value in values {
            #expect(Fingerprint.lowercaseHex(value) == String(value, radix: 16), "\(value)")
        }
    }
}
