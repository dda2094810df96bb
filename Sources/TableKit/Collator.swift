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

    /// The sort key of `string`.
    func sortKey(_ string: String) -> [UInt8] {
        let text = Array(string.utf16)
        var capacity = text.count * 4 + 16
        while true {
            var key = [UInt8](repeating: 0, count: capacity)
            let length = Int(tablestack_collator_sort_key(collator, text, Int32(text.count), &key, Int32(capacity)))
            if length <= capacity {
                key.removeLast(capacity - length)
                return key
            }
            capacity = length
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
