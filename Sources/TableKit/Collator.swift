import CCollation
import Foundation

/// An ICU collator for one locale and strength, turning strings into sort keys: byte strings that
/// compare the way the strings collate. Sorting by keys computes one key per item instead of
/// asking the locale about every pair, which is what makes large indexed lists cheap.
///
/// ICU's collators are safe to share between threads for sort keys once opened; nothing here
/// changes the collator after `init`.
final class Collator: @unchecked Sendable {
    /// How much difference counts: base letters only, plus accents, plus case.
    enum Strength: Int32 {
        case primary = 0, secondary = 1, tertiary = 2
    }

    private let collator: UnsafeMutableRawPointer

    init?(localeIdentifier: String, strength: Strength) {
        guard let collator = tablestack_collator_open(localeIdentifier, strength.rawValue) else { return nil }
        self.collator = collator
    }

    deinit { tablestack_collator_close(collator) }

    /// The sort key of `string`. The text's UTF-16 and the key are written into temporary room
    /// (on the stack where it fits), and the key copied out at its length: a long list's load
    /// makes one for each of its items, and two arrays each, one zero-filled four times larger
    /// than the key, cost more than the key itself.
    func sortKey(_ string: String) -> [UInt8] {
        let count = string.utf16.count
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(count, 1)) { text in
            _ = text.initialize(from: string.utf16)
            let capacity = count * 4 + 16
            let (key, length) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room -> ([UInt8]?, Int) in
                let length = Int(tablestack_collator_sort_key(collator, text.baseAddress, Int32(count), room.baseAddress, Int32(capacity)))
                return (length <= capacity ? Array(room[..<length]) : nil, length)
            }
            if let key { return key }
            // Longer than the room given: made again in room of the length ICU said it needs.
            return [UInt8](unsafeUninitializedCapacity: length) { key, written in
                written = Int(tablestack_collator_sort_key(collator, text.baseAddress, Int32(count), key.baseAddress, Int32(length)))
            }
        }
    }

    /// How `lhs` and `rhs` collate.
    func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        Self.compare(sortKey(lhs), sortKey(rhs))
    }

    /// How two sort keys order.
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> ComparisonResult {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                for index in 0..<min(left.count, right.count) where left[index] != right[index] {
                    return left[index] < right[index] ? .orderedAscending : .orderedDescending
                }
                return left.count == right.count ? .orderedSame : left.count < right.count ? .orderedAscending : .orderedDescending
            }
        }
    }
}
