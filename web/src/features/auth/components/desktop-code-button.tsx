import { Button } from 'antd';
import type { CodeButton } from '../hooks/use-code-button';

/** DesktopCodeButton is the "get code" button beside a desktop code input. */
export function DesktopCodeButton({ code, testId = 'code-button', size }: { code: CodeButton; testId?: string; size?: 'middle' | 'large' }) {
  return (
    <Button size={size} onClick={() => void code.click()} disabled={code.remaining > 0} loading={code.sending} data-testid={testId} className="up-code-btn">
      {code.label}
    </Button>
  );
}
