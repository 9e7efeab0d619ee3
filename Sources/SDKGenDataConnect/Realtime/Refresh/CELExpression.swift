/// The parsed form of the CEL subset that refresh conditions are evaluated with.
indirect enum CELExpression: Sendable, Equatable {
    case literal(JSONValue)
    case list([CELExpression])
    case identifier(String)
    /// `operand.field`.
    case select(CELExpression, String)
    /// `operand[index]`.
    case index(CELExpression, CELExpression)
    /// `has(operand.field)`.
    case has(CELExpression, String)
    /// `size(operand)` or `operand.size()`.
    case size(CELExpression)
    case not(CELExpression)
    case negate(CELExpression)
    case binary(CELOperator, CELExpression, CELExpression)
}

enum CELOperator: String, Sendable {
    case and = "&&", or = "||"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case `in`
}

/// Why a condition could not be decided; either way the query is refreshed.
enum CELFailure: Error, Equatable, Sendable {
    /// Syntax or a construct outside the subset (arithmetic, macros, most functions).
    case unsupported(String)
    /// A runtime error: a missing field, a type mismatch.
    case error(String)
}
