import * as fbStaff from '@portal/contracts/backoffice/feedback.contract.ts';
import * as fb from '@portal/contracts/inbox/feedback.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import type { FeedbackService } from './feedback.service.ts';

/** The member's feedback and the back office's feedback screen. */
export function feedbackRoutes(app: FastifyInstance, guards: RouteGuards, feedback: FeedbackService): void {
  serve(app, guards, fb.submitFeedback, ({ member, body }) => feedback.submit(member.memberId, body), {
    bodyLimit: fb.FEEDBACK_BODY_LIMIT,
  });
  serve(app, guards, fb.listMyFeedback, ({ member }) => feedback.mine(member.memberId));
  serve(app, guards, fbStaff.listFeedback, ({ query }) => feedback.page(query));
  serve(app, guards, fbStaff.replyFeedback, ({ staff, body }) => feedback.reply(actorOf(staff), body.id, body.reply));
  serve(app, guards, fbStaff.closeFeedback, ({ staff, body }) => feedback.close(actorOf(staff), body.id));
}
