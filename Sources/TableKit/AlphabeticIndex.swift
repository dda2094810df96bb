import CCollation

/// ICU's alphabetic index for one locale (`icu::AlphabeticIndex`, the data behind
/// `UILocalizedIndexedCollation`): the locale's index labels in order, and the bucket the whole
/// of a string files under, so that Danish "Aalborg" goes under Å and Chinese 北京 under B.
///
/// ICU documents its immutable index as safe to share between threads; nothing here changes it
/// after `init`.
final class AlphabeticIndex: @unchecked Sendable {
    /// What a bucket gathers: the items under one of the locale's labels, or those before the
    /// first label, between two scripts, or after the last.
    enum BucketKind: Sendable { case label, underflow, inflow, overflow }

    /// One bucket, in the index's order.
    struct Bucket: Sendable {
        let label: String
        let kind: BucketKind
    }

    let buckets: [Bucket]
    private let index: UnsafeMutableRawPointer

    init?(localeIdentifier: String) {
        guard let index = tablestack_index_open(localeIdentifier) else { return nil }
        var buckets: [Bucket] = []
        for number in 0..<tablestack_index_bucket_count(index) {
            guard let kind = Self.kind(tablestack_index_bucket_kind(index, number)),
                  let label = Self.label(of: number, in: index) else {
                tablestack_index_close(index)
                return nil
            }
            buckets.append(Bucket(label: label, kind: kind))
        }
        self.index = index
        self.buckets = buckets
    }

    deinit { tablestack_index_close(index) }

    /// The position in `buckets` of the bucket `string` files under; `nil` if ICU fails.
    func bucket(of string: String) -> Int? {
        var text = string
        let bucket = text.withUTF8 { bytes in
            tablestack_index_bucket_of(index, bytes.baseAddress, Int32(bytes.count))
        }
        return buckets.indices.contains(Int(bucket)) ? Int(bucket) : nil
    }

    private static func kind(_ value: Int32) -> BucketKind? {
        switch value {
        case TABLESTACK_BUCKET_NORMAL: .label
        case TABLESTACK_BUCKET_UNDERFLOW: .underflow
        case TABLESTACK_BUCKET_INFLOW: .inflow
        case TABLESTACK_BUCKET_OVERFLOW: .overflow
        default: nil
        }
    }

    private static func label(of bucket: Int32, in index: UnsafeMutableRawPointer) -> String? {
        var capacity: Int32 = 8
        while true {
            var units = [UInt16](repeating: 0, count: Int(capacity))
            let length = tablestack_index_bucket_label(index, bucket, &units, capacity)
            guard length >= 0 else { return nil }
            if length <= capacity { return String(decoding: units.prefix(Int(length)), as: UTF16.self) }
            capacity = length
        }
    }
}
