import Foundation
import TableKit

/// A value read from a JSON or property-list data file, before it becomes items.
indirect enum DataValue: Decodable {
    case string(String)
    case number(Double)
    /// A number a Double would not keep as written (`DecimalNumber.refusal`), as written.
    case roundedNumber(written: String)
    case bool(Bool)
    case array([DataValue])
    case object([(String, DataValue)])
    case null

    /// Set to true in a decoder's `userInfo` whose numbers keep their written digits (JSON's).
    static let keepsDigits = CodingUserInfoKey(rawValue: "tablestack.keepsDigits")!

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            // Keys sorted for a stable order whatever the decoder's own.
            self = .object(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                ($0.stringValue, try object.decode(DataValue.self, forKey: $0))
            })
        } else if var array = try? decoder.unkeyedContainer() {
            var values: [DataValue] = []
            while !array.isAtEnd { values.append(try array.decode(DataValue.self)) }
            self = .array(values)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                // JSON's digits are read again as a Decimal; a property list's integer as one (its
                // reals come only as Doubles).
                let written = decoder.userInfo[Self.keepsDigits] as? Bool == true ? (try? single.decode(Decimal.self))?.description
                    : (try? single.decode(Int64.self)).map(String.init) ?? (try? single.decode(UInt64.self)).map(String.init)
                if let written, !DecimalNumber.keepsEveryDigit(of: written, in: number) {
                    self = .roundedNumber(written: written)
                } else {
                    self = .number(number)
                }
            } else if let text = try? single.decode(String.self) {
                self = .string(text)
            } else if let date = try? single.decode(Date.self) {
                self = .string(ISO8601DateFormatter().string(from: date))
            } else if (try? single.decode(Data.self)) != nil {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "binary data (<data>), which an item cannot hold; give it as text")
            } else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "a value that cannot be read as text, a number, true/false or a date")
            }
        }
    }
}
