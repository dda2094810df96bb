import HTTPTypes

extension HTTPFields {
    /// The value of the field `name` as `self[name]` gives it (the values of several such fields
    /// joined, `nil` for none), but a lone field's value as it is: the subscript joins whatever
    /// it finds, one value too, and every request looks up several headers.
    func value(of name: HTTPField.Name) -> String? {
        guard let first = firstIndex(where: { $0.name == name }) else { return nil }
        return self[index(after: first)...].contains { $0.name == name } ? self[name] : self[first].value
    }
}
