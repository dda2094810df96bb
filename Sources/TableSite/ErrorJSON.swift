/// The JSON a client that asked for JSON gets in place of an error page, written as the twins
/// are written (sorted keys, pretty-printed, slashes left as they are), so one answer reads like
/// the next: `{"error": message, "reason": the status's phrase, "status": its code}`.
public enum ErrorJSON {
    /// The object for a refusal with `status` (its code and reason phrase) and `message`.
    public static func bytes(status: Int, reason: String, message: String) -> [UInt8] {
        var json = PrettyJSON()
        json.object { json in
            json.field("error", message)
            json.field("reason", reason)
            json.field("status", status)
        }
        return json.bytes
    }
}
