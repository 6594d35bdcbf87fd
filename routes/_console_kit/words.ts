/**
 * The words both consoles show for values the servers send: state and status values (HEALTHY, indexed, ...)
 * and problem `code`s. The API keeps its stable English codes; only the screens translate them, and a value
 * this table does not know is shown as sent.
 */
import type { Lang } from "./i18n.ts";

const STATUS: Record<string, readonly [string, string]> = {
  active: ["활성", "Active"],
  inactive: ["비활성", "Inactive"],
  leave: ["휴직", "On leave"],
  retired: ["퇴직", "Retired"],
  deleted: ["삭제됨", "Deleted"],
  healthy: ["정상", "Healthy"],
  stale: ["오래됨", "Stale"],
  failed: ["실패", "Failed"],
  never_synced: ["동기화 이력 없음", "Never synced"],
  paused: ["일시 중지", "Paused"],
  failing: ["전달 실패 중", "Failing"],
  publishing: ["게시 중", "Publishing"],
  proposed: ["제안됨", "Proposed"],
  approved: ["승인됨", "Approved"],
  rejected: ["반려됨", "Rejected"],
  deprecated: ["폐기됨", "Deprecated"],
  pending: ["검토 대기", "Pending"],
  superseded: ["대체됨", "Superseded"],
  group: ["그룹", "Group"],
  role: ["역할", "Role"],
  permission: ["권한", "Permission"],
  success: ["성공", "Success"],
  failure: ["실패", "Failure"],
  refused: ["거부됨", "Refused"],
  queued: ["대기", "Queued"],
  indexing: ["색인 중", "Indexing"],
  indexed: ["색인됨", "Indexed"],
  pending_approval: ["승인 대기", "Awaiting approval"],
  waiting_approval: ["승인 대기", "Awaiting approval"],
  done: ["완료", "Done"],
  unpublished: ["게시 승인 대기", "Unpublished"],
  hidden: ["숨김", "Hidden"],
  current: ["현재", "Current"],
  replaced: ["교체됨", "Replaced"],
  removed: ["없어짐", "Removed"],
  gone: ["없음", "Gone"],
  organization: ["조직", "Organization"],
  public_bucket: ["공개 버킷", "Public bucket"],
  administrator: ["관리자", "Administrator"],
  broader: ["상위어", "Broader"],
  narrower: ["하위어", "Narrower"],
  related: ["관련어", "Related"],
  synonym: ["동의어", "Synonym"],
  part_of: ["부분", "Part of"],
  references: ["참조", "References"],
};

/** A state or status value in the language (a value the table lacks is returned as it is). */
export function statusLabel(lang: Lang, value: string): string {
  const words = STATUS[value.toLowerCase()];
  return words ? words[lang === "ko" ? 0 : 1] : value;
}

/** What each problem `code` means to a console user; the script shows it instead of the server's English detail. */
export const PROBLEMS: Record<string, readonly [string, string]> = {
  invalid_request: [
    "입력값이 올바르지 않습니다. 표시된 항목을 확인하세요.",
    "Some values are not valid: see the marked fields.",
  ],
  invalid_cursor: [
    "페이지 위치가 올바르지 않습니다. 처음부터 다시 여세요.",
    "The page position is not valid: start again.",
  ],
  cursor_query_mismatch: ["검색 조건이 바뀌었습니다. 처음부터 다시 여세요.", "The filters changed: start again."],
  csrf_failed: [
    "보안 토큰이 맞지 않습니다. 페이지를 새로 고친 뒤 다시 하세요.",
    "The security token did not match: reload the page and try again.",
  ],
  webhook_url_not_allowed: [
    "이 주소로는 알림을 보낼 수 없습니다 (허용 목록, 내부 주소).",
    "Notifications cannot be sent to this address (allow-list, internal addresses).",
  ],
  unauthorized: ["인증이 필요합니다. 다시 접속하세요.", "Sign-in is required: open the console again."],
  forbidden: ["이 작업을 할 권한이 없습니다.", "You are not allowed to do this."],
  insufficient_scope: ["이 작업을 할 권한이 없습니다.", "You are not allowed to do this."],
  operator_required: ["운영자만 바꿀 수 있는 설정입니다.", "Only an operator may change this."],
  not_found: ["찾을 수 없습니다. 이미 삭제되었을 수 있습니다.", "Not found: it may have been deleted."],
  version_conflict: [
    "다른 사람이 먼저 수정했습니다. 화면을 새로 불러와 다시 시도하세요.",
    "Someone changed it first: reload the screen and try again.",
  ],
  duplicate_code: ["이미 쓰이는 코드입니다.", "That code is already in use."],
  conflict: ["현재 상태와 맞지 않아 처리하지 못했습니다.", "This conflicts with the current state."],
  group_code_conflict: ["이미 쓰이는 그룹 코드입니다.", "That group code is already in use."],
  publication_in_progress: [
    "게시가 진행 중입니다. 잠시 뒤에 다시 시도하세요.",
    "A publication is running: try again shortly.",
  ],
  payload_too_large: ["보낸 내용이 너무 큽니다.", "What was sent is too large."],
  unprocessable: ["처리할 수 없는 내용입니다.", "This cannot be processed."],
  unknown_user_ids: ["없는 사용자가 포함되어 있습니다.", "Some users do not exist."],
  organization_not_found: ["없는 조직이 포함되어 있습니다.", "Some organizations do not exist."],
  endpoint_not_allowed: ["허용되지 않은 주소입니다.", "That address is not allowed."],
  rate_limited: ["요청이 너무 많습니다. 잠시 뒤에 다시 시도하세요.", "Too many requests: try again shortly."],
  internal_error: [
    "서버 오류가 발생했습니다. 요청 ID와 함께 운영자에게 알려 주세요.",
    "The server failed: tell the operator the request id.",
  ],
  unavailable: ["서비스를 잠시 사용할 수 없습니다.", "The service is unavailable for now."],
  directory_state_stale: [
    "조직 정보가 오래되어 잠시 사용할 수 없습니다.",
    "The organization data is stale, so this is refused for now.",
  ],
  rag_audit_unavailable: ["감사 기록을 남길 수 없어 거부했습니다.", "Refused: the audit record cannot be written."],
  publications_busy: ["게시 작업이 많아 잠시 뒤에 다시 시도하세요.", "Publications are busy: try again shortly."],
};

/**
 * Korean for the field messages the APIs send in English (zod's and the schemas' own), as
 * `[pattern, words]`: `$1` in the words stands for the pattern's first group. English screens show
 * the messages as sent; a message no pattern matches is shown as sent too.
 */
export const FIELD_MESSAGES_KO: readonly (readonly [string, string])[] = [
  ["^Too big: expected (?:number|int) to be <=?(\\S+)$", "$1 이하여야 합니다."],
  ["^Too big: expected string to have <=?(\\d+) characters$", "$1자 이하여야 합니다."],
  ["^Too big: expected array to have <=?(\\d+) items$", "$1개 이하여야 합니다."],
  ["^Too small: expected (?:number|int) to be >=?(\\S+)$", "$1 이상이어야 합니다."],
  ["^Too small: expected string to have >=?1 characters$", "비워 둘 수 없습니다."],
  ["^Too small: expected string to have >=?(\\d+) characters$", "$1자 이상이어야 합니다."],
  ["^Invalid input: expected (?:number|int)", "숫자를 입력하세요."],
  ["^Invalid input: expected boolean", "예 또는 아니요여야 합니다."],
  ["^Invalid (?:UUID|input: expected uuid)|^must be a UUID$", "UUID 형식이어야 합니다."],
  ["^Invalid option", "허용된 값 중 하나를 고르세요."],
  ["^is required$", "필수 항목입니다."],
  ["^is not a known field$", "알 수 없는 항목입니다."],
  ["^must be 1-64 letters, digits", "영문자·숫자·'_'·'.'·'-'로 된 1~64자이며 영문자나 숫자로 시작해야 합니다."],
  ["^must be a BCP 47 language tag", "ko, en-US 같은 언어 태그여야 합니다."],
];
