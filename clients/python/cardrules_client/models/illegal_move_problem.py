from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.illegal_move_problem_code import IllegalMoveProblemCode
from ..models.problem_policy import ProblemPolicy
from ..models.reason import Reason
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.problem_errors_item import ProblemErrorsItem





T = TypeVar("T", bound="IllegalMoveProblem")



@_attrs_define
class IllegalMoveProblem:
    """ `illegal_move`: a well-formed move the rules forbid, with the rule (`reason`) and its message.

        Attributes:
            type_ (str):
            title (str):
            status (int):
            code (IllegalMoveProblemCode):
            reason (Reason): Why the rules forbid a move. Briscola chiamata: `wrong_phase` (a move of another part of the
                hand: a card
                during the auction, a bid after it, ...), `bid_too_low` (a bid that does not beat the standing one),
                `points_need_two` (with `auction` `ranks_then_points`, points bid with a rank other than 2),
                `bid_needs_points` (a bid without points with `auction` `points_only`).
            message (str):
            detail (str | Unset):
            errors (list[ProblemErrorsItem] | Unset): The fields at fault (the first 20), each named by a JSON Pointer into
                the request body, with what is
                wrong with it as `detail` (RFC 9457's own name for it) and, the same text, `message` (kept for clients
                written before `detail` was sent).
            limit (str | Unset): `rate_limited` by `RATE_LIMIT` or `RATE_LIMIT_COSTLY`: the limit, e.g. `600 per 1 minute`.
            policy (ProblemPolicy | Unset): `rate_limited`: which limit was spent (the `RateLimit-Policy` name).
            reset (int | Unset): `rate_limited`: seconds until its window resets (as `Retry-After`).
            errors_language (Literal['en'] | Unset): The language of the `errors` messages, sent with them. `title` and
                `detail` follow `Accept-Language`
                (see `Content-Language`); a field message names the value at fault and stays English.
            options (list[list[str]] | Unset): `ambiguous_capture` only: every capture set the card could take.
     """

    type_: str
    title: str
    status: int
    code: IllegalMoveProblemCode
    reason: Reason
    message: str
    detail: str | Unset = UNSET
    errors: list[ProblemErrorsItem] | Unset = UNSET
    limit: str | Unset = UNSET
    policy: ProblemPolicy | Unset = UNSET
    reset: int | Unset = UNSET
    errors_language: Literal['en'] | Unset = UNSET
    options: list[list[str]] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.problem_errors_item import ProblemErrorsItem # noqa: PLC0415
        type_ = self.type_

        title = self.title

        status = self.status

        code = self.code.value

        reason = self.reason.value

        message = self.message

        detail = self.detail

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)



        limit = self.limit

        policy: str | Unset = UNSET
        if not isinstance(self.policy, Unset):
            policy = self.policy.value


        reset = self.reset

        errors_language = self.errors_language

        options: list[list[str]] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = []
            for options_item_data in self.options:
                options_item = options_item_data


                options.append(options_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "title": title,
            "status": status,
            "code": code,
            "reason": reason,
            "message": message,
        })
        if detail is not UNSET:
            field_dict["detail"] = detail
        if errors is not UNSET:
            field_dict["errors"] = errors
        if limit is not UNSET:
            field_dict["limit"] = limit
        if policy is not UNSET:
            field_dict["policy"] = policy
        if reset is not UNSET:
            field_dict["reset"] = reset
        if errors_language is not UNSET:
            field_dict["errors_language"] = errors_language
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors_item import ProblemErrorsItem # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        code = IllegalMoveProblemCode(d.pop("code"))




        reason = Reason(d.pop("reason"))




        message = d.pop("message")

        detail = d.pop("detail", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: list[ProblemErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ProblemErrorsItem.from_dict(errors_item_data)



                errors.append(errors_item)


        limit = d.pop("limit", UNSET)

        _policy = d.pop("policy", UNSET)
        policy: ProblemPolicy | Unset
        if isinstance(_policy,  Unset):
            policy = UNSET
        else:
            policy = ProblemPolicy(_policy)




        reset = d.pop("reset", UNSET)

        errors_language = cast(Literal['en'] | Unset , d.pop("errors_language", UNSET))
        if errors_language != 'en'and not isinstance(errors_language, Unset):
            raise ValueError(f"errors_language must match const 'en', got '{errors_language}'")

        _options = d.pop("options", UNSET)
        options: list[list[str]] | Unset = UNSET
        if _options is not UNSET:
            options = []
            for options_item_data in _options:
                options_item = cast(list[str], options_item_data)

                options.append(options_item)


        illegal_move_problem = cls(
            type_=type_,
            title=title,
            status=status,
            code=code,
            reason=reason,
            message=message,
            detail=detail,
            errors=errors,
            limit=limit,
            policy=policy,
            reset=reset,
            errors_language=errors_language,
            options=options,
        )


        illegal_move_problem.additional_properties = d
        return illegal_move_problem

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
